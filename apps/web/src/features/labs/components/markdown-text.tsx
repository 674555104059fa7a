import type { ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown } from '../lib/markdown';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((run, i) => {
    let node: ReactNode = run.text;
    if (run.italic) node = <em>{node}</em>;
    if (run.bold) node = <strong>{node}</strong>;
    // biome-ignore lint/suspicious/noArrayIndexKey: runs of a fixed text never move
    return <span key={i}>{node}</span>;
  });
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return (
        <p className="labs-md__heading">
          <strong>
            <Inlines inlines={block.inlines} />
          </strong>
        </p>
      );
    case 'paragraph':
      return (
        <p>
          <Inlines inlines={block.inlines} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed text never move
        <li key={i}>
          <Inlines inlines={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

/** Markdown rendered as React text: never as HTML, so markup in the message shows as the characters it is. */
export function MarkdownText({ text }: { text: string | null | undefined }) {
  const blocks = parseMarkdown(text);
  if (blocks.length === 0) return null;
  return (
    <div className="labs-md">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text never move
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
