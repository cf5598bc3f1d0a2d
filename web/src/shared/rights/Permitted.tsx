// A button the role may not use, shown disabled with a tooltip that says who may, rather than hidden: the
// user sees the action exists and whom to ask. A disabled button fires no mouse event, so the tooltip
// listens on a wrapping <span>.
import { Tooltip } from 'antd';
import { cloneElement, type CSSProperties, type ReactElement } from 'react';
import type { Right } from '../../app/useRight';

interface Props {
  right: Right;
  /** One button (or anything taking `disabled` and `style`). */
  children: ReactElement<{ disabled?: boolean; style?: CSSProperties }>;
  /** The button takes the whole width (antd's `block`): so does the span around it. */
  block?: boolean;
}

export default function Permitted({ right, children, block = false }: Props) {
  if (right.allowed) return children;
  return (
    <Tooltip title={right.reason}>
      <span className="permitted-denied" style={{ display: block ? 'block' : 'inline-block', cursor: 'not-allowed' }}>
        {cloneElement(children, { disabled: true, style: { ...children.props.style, pointerEvents: 'none' } })}
      </span>
    </Tooltip>
  );
}
