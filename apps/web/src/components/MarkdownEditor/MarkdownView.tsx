import './editor.css';
import { Box, type BoxProps } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { hydrateImages, renderMarkdown } from './markdown.ts';
import { loadEditorImage } from './requests.ts';

/** Markdown written in the editor, shown read-only (raw HTML escaped, editor images fetched signed in). */
export function MarkdownView({ text, ...props }: { text: string } & BoxProps) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && html) void hydrateImages(ref.current, loadEditorImage);
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and unsafe links.
  return <Box ref={ref} className="markdown-view" {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
