import { Typography } from 'antd';
import type { AboutBlock } from '@/shared/editor/editor-blocks';

/** One block of an Editor.js document, as plain React elements. */
export function EditorBlock({ block }: { block: AboutBlock }) {
  switch (block.type) {
    case 'header':
      return <Typography.Title level={4}>{block.text}</Typography.Title>;
    case 'paragraph':
      return <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{block.text}</Typography.Paragraph>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'image':
      return (
        <figure style={{ margin: '0 0 16px' }}>
          <img src={block.url} alt={block.caption} style={{ maxWidth: '100%' }} />
          {block.caption && <figcaption style={{ color: '#8c8c8c', fontSize: 12 }}>{block.caption}</figcaption>}
        </figure>
      );
  }
}
