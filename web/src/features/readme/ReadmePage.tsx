// The user guide (docs/user-guide.md, in French), bundled at build time (so it always matches the
// deployed version). The screen keeps its path, /README, and its menu name.
import { Card, Typography } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import readme from '../../../../docs/user-guide.md?raw';
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
