// The repository's README, bundled at build time (so it always matches the deployed version).
import { Card, Typography } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import readme from '../../../../README.md?raw';
import './readme.css';

export default function ReadmePage() {
  return (
    <Card>
      <Typography className="readme">
        <Markdown remarkPlugins={[remarkGfm]}>{readme}</Markdown>
      </Typography>
    </Card>
  );
}
