import {
  IconBold,
  IconEye,
  IconH2,
  IconItalic,
  IconLayoutColumns,
  IconLink,
  IconList,
  IconListNumbers,
  IconMaximize,
  IconPhotoUp,
  IconQuote,
  type TablerIcon,
} from '@tabler/icons-react';
import EasyMDE from 'easymde';
import type { TFunction } from 'i18next';
import { createRoot, type Root } from 'react-dom/client';

/** Buttons that switch modes: usable while previewing. */
const MODE_TOOLS = ['preview', 'side-by-side', 'fullscreen'];

export type Tool = { name: string; action: EasyMDE.ToolbarIcon['action']; icon: TablerIcon; title: string };

/** The editor's buttons in the screen's language; the image button only where uploads are offered. */
export function editorTools(t: TFunction, uploadImages: boolean): Tool[] {
  return [
    { name: 'bold', action: EasyMDE.toggleBold, icon: IconBold, title: t('editor.tools.bold') },
    { name: 'italic', action: EasyMDE.toggleItalic, icon: IconItalic, title: t('editor.tools.italic') },
    {
      name: 'heading',
      action: EasyMDE.toggleHeadingSmaller,
      icon: IconH2,
      title: t('editor.tools.heading'),
    },
    { name: 'quote', action: EasyMDE.toggleBlockquote, icon: IconQuote, title: t('editor.tools.quote') },
    {
      name: 'unordered-list',
      action: EasyMDE.toggleUnorderedList,
      icon: IconList,
      title: t('editor.tools.bullets'),
    },
    {
      name: 'ordered-list',
      action: EasyMDE.toggleOrderedList,
      icon: IconListNumbers,
      title: t('editor.tools.numbers'),
    },
    { name: 'link', action: EasyMDE.drawLink, icon: IconLink, title: t('editor.tools.link') },
    ...(uploadImages
      ? [
          {
            name: 'upload-image',
            action: EasyMDE.drawUploadedImage,
            icon: IconPhotoUp,
            title: t('editor.tools.image'),
          },
        ]
      : []),
    { name: 'preview', action: EasyMDE.togglePreview, icon: IconEye, title: t('editor.tools.preview') },
    {
      name: 'side-by-side',
      action: EasyMDE.toggleSideBySide,
      icon: IconLayoutColumns,
      title: t('editor.tools.sideBySide'),
    },
    {
      name: 'fullscreen',
      action: EasyMDE.toggleFullScreen,
      icon: IconMaximize,
      title: t('editor.tools.fullscreen'),
    },
  ];
}

/** EasyMDE's toolbar for the tools, with separators before the link and the modes. */
export const toolbarOf = (tools: Tool[]) =>
  tools.flatMap((tool, index) => [
    ...(tool.name === 'preview' || (index > 0 && tool.name === 'link') ? ['|' as const] : []),
    {
      name: tool.name,
      action: tool.action,
      className: `tool-${tool.name}`,
      title: tool.title,
      icon: '',
      // The mode buttons stay usable in preview (EasyMDE disables the others there).
      noDisable: MODE_TOOLS.includes(tool.name),
    },
  ]);

/** Tabler icons into EasyMDE's buttons, and the buttons into the tab order (EasyMDE gives -1). */
export function renderToolIcons(editor: EasyMDE, tools: Tool[]): Root[] {
  const roots: Root[] = [];
  for (const tool of tools) {
    const button = (editor as unknown as { toolbarElements?: Record<string, HTMLElement> }).toolbarElements?.[
      tool.name
    ];
    if (!button) continue;
    button.tabIndex = 0;
    const root = createRoot(button);
    const Icon = tool.icon;
    root.render(<Icon size={16} stroke={1.8} aria-hidden />);
    roots.push(root);
  }
  return roots;
}
