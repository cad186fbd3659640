import 'easymde/dist/easymde.min.css';
import './editor.css';
import { Input } from '@mantine/core';
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
import { EDITOR, EDITOR_MESSAGES, type EditorErrorKey } from '@ushirika/contracts';
import EasyMDE from 'easymde';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { ImageDescriptionModal, imageAltText, type PendingImage } from './ImageDescriptionModal.tsx';
import { hydrateImages, renderMarkdown } from './markdown.ts';
import { loadEditorImage, uploadEditorImage } from './requests.ts';
import { hasSpellChecker, spellCheckerFor, whenDictionaryReady } from './spell-checker.ts';

export interface MarkdownEditorProps {
  /** Unique per document (e.g. `circular-new`, `po-terms`): autosave keeps the draft under `smde_<id>`. */
  autosaveId: string;
  /** The text when the editor opens; a draft autosaved under the same id is restored over it. */
  initialValue: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Offer image upload (multipart POST to /api/editor/images, SPEC's limits). */
  uploadImages?: boolean;
}

/** The key under which EasyMDE autosaves a document (SPEC: prefix smde_). */
export const autosaveKey = (autosaveId: string) => `${EDITOR.autosaveKeyPrefix}${autosaveId}`;

/** Forgets a document's autosaved draft: call it once the document is saved. */
export function clearAutosave(autosaveId: string): void {
  try {
    localStorage.removeItem(autosaveKey(autosaveId));
  } catch {
    // Local storage unavailable: nothing was autosaved.
  }
}

/** Buttons that switch modes: usable while previewing. */
const MODE_TOOLS = ['preview', 'side-by-side', 'fullscreen'];

type Tool = { name: string; action: EasyMDE.ToolbarIcon['action']; icon: TablerIcon; title: string };

/**
 * The markdown editor SPEC describes (EasyMDE): toolbar, preview, side-by-side and full-screen
 * modes (Escape leaves full screen), a spell checker reading our own dictionary of the screen's
 * language (English, or Swahili: LibreOffice's sw_TZ; the status bar says which), autosave every 1000 ms under `smde_<autosaveId>` with
 * "Autosaved: " and the time, status items autosave/lines/words/cursor, tab size 2, at least 300 px
 * high, and optional image upload with SPEC's four messages in the status bar for 10 seconds
 * (an uploaded image goes in with the description it is given, its alt text).
 * Runs under the app's strict CSP: no Font Awesome download (icons are Tabler's), no inline script.
 */
export function MarkdownEditor({
  autosaveId,
  initialValue,
  onChange,
  label,
  description,
  error,
  required,
  uploadImages = false,
}: MarkdownEditorProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'sw' ? 'sw' : 'en';
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialRef = useRef(initialValue);
  const id = useId();
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);

  useEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    const messages = Object.fromEntries(
      (Object.keys(EDITOR_MESSAGES) as EditorErrorKey[]).map((key) => [key, t(`editor.messages.${key}`)]),
    ) as Record<EditorErrorKey, string>;
    const tools: Tool[] = [
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
    const spellStatus: EasyMDE.StatusBarItem = {
      className: 'spellcheck',
      defaultValue: (el) => {
        el.textContent = t(hasSpellChecker(language) ? 'editor.spellCheckOn' : 'editor.spellCheckOff');
      },
      onUpdate: () => {},
    };

    const editor = new EasyMDE({
      element,
      initialValue: initialRef.current,
      autoDownloadFontAwesome: false,
      spellChecker: hasSpellChecker(language) ? spellCheckerFor(language) : false,
      nativeSpellcheck: false,
      autosave: {
        enabled: true,
        uniqueId: autosaveId,
        delay: EDITOR.autosaveDelayMs,
        text: t('editor.autosaved'),
        timeFormat: {
          locale: language === 'sw' ? 'sw-TZ' : 'en-US',
          format: { hour: '2-digit', minute: '2-digit' },
        },
        // Not cleared when the page's form is submitted: a refused save must not lose the draft.
        // The page clears it (clearAutosave) once the document is saved.
        binded: true,
      } as EasyMDE.AutoSaveOptions,
      status: [...EDITOR.statusItems, ...(uploadImages ? ['upload-image'] : []), spellStatus],
      tabSize: EDITOR.tabSize,
      minHeight: EDITOR.minHeight,
      toolbar: tools.flatMap((tool, index) => [
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
      ]),
      uploadImage: uploadImages,
      imageMaxSize: EDITOR.imageMaxBytes,
      imageAccept: EDITOR.imageTypes.join(', '),
      imageTexts: {
        sbInit: t('editor.upload.init'),
        sbOnDragEnter: t('editor.upload.dragEnter'),
        sbOnDrop: t('editor.upload.drop'),
        sbProgress: t('editor.upload.progress'),
        sbOnUploaded: t('editor.upload.uploaded'),
        sizeUnits: ' B, KB, MB',
      },
      errorMessages: messages,
      // SPEC: the message goes to an error callback (EasyMDE's default is an alert); it is in the
      // status bar for 10 seconds already, read out by screen readers (aria-live below).
      errorCallback: () => {},
      // The image goes in only once its description is given (its alt text, asked in a dialog).
      imageUploadFunction: (file, _onSuccess, onError) => {
        void uploadEditorImage(file).then((outcome) => {
          if (!('url' in outcome)) return onError(messages[outcome.error]);
          const back = () => {
            setPendingImage(null);
            editor.codemirror.focus();
          };
          setPendingImage({
            fileName: file.name,
            insert: (description) => {
              back();
              editor.codemirror.replaceSelection(`![${imageAltText(description)}](${outcome.url})`);
              editor.updateStatusBar(
                'upload-image',
                t('editor.upload.uploaded').replace('#image_name#', file.name),
              );
            },
            drop: back,
          });
        });
      },
      previewRender: (text, preview) => {
        setTimeout(() => void hydrateImages(preview, loadEditorImage), 0);
        return renderMarkdown(text);
      },
      previewClass: ['editor-preview', 'markdown-view'],
      promptURLs: false,
      sideBySideFullscreen: true,
      direction: 'ltr',
    });

    // Icons and keyboard: EasyMDE's buttons are out of the tab order (tabIndex -1).
    const roots: Root[] = [];
    for (const tool of tools) {
      const button = (editor as unknown as { toolbarElements?: Record<string, HTMLElement> })
        .toolbarElements?.[tool.name];
      if (!button) continue;
      button.tabIndex = 0;
      const root = createRoot(button);
      const Icon = tool.icon;
      root.render(<Icon size={16} stroke={1.8} aria-hidden />);
      roots.push(root);
    }
    const statusbar = element.parentElement?.querySelector('.editor-statusbar');
    statusbar?.setAttribute('aria-live', 'polite');
    element.parentElement
      ?.querySelector('.CodeMirror textarea')
      ?.setAttribute('aria-labelledby', `${id}-label`);

    // A restored draft replaces the opening text: the page's state must hold it too.
    if (editor.value() !== initialRef.current) onChangeRef.current(editor.value());
    editor.codemirror.on('change', () => onChangeRef.current(editor.value()));
    const stopWaiting = hasSpellChecker(language)
      ? whenDictionaryReady(language, () => {
          editor.codemirror.setOption('mode', editor.codemirror.getOption('mode'));
        })
      : () => {};

    return () => {
      stopWaiting();
      const pending = (editor as unknown as { _autosave_timeout?: ReturnType<typeof setTimeout> })
        ._autosave_timeout;
      if (pending) clearTimeout(pending);
      if (editor.isFullscreenActive()) EasyMDE.toggleFullScreen(editor);
      editor.cleanup();
      editor.toTextArea();
      for (const root of roots) setTimeout(() => root.unmount(), 0);
    };
  }, [autosaveId, uploadImages, language, t, id]);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      id={id}
      labelProps={{ id: `${id}-label` }}
      className="markdown-editor"
      data-editor-lang={language}
    >
      <textarea ref={textareaRef} defaultValue={initialValue} />
      {pendingImage && <ImageDescriptionModal image={pendingImage} />}
    </Input.Wrapper>
  );
}
