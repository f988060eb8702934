import { createElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/*
 * antd's icons drawn from their SVG data alone: the first page of the shop shows the same icons as the rest of the
 * app without @ant-design/icons' runtime (which brings antd's style engine along).
 */

const draw = (node: AbstractNode, key?: number): React.ReactElement =>
  createElement(
    node.tag,
    { ...node.attrs, key },
    node.children?.map((child, i) => draw(child, i)),
  );

export function ShopIcon({ icon }: { icon: IconDefinition }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return createElement(
    'svg',
    { ...root.attrs, className: 'shop-icon', 'aria-hidden': true },
    root.children?.map((child, i) => draw(child, i)),
  );
}
