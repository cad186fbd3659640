import 'easymde/dist/easymde.min.css';
import './editor.css';
import { Input } from '@mantine/core';
import { EDITOR } from '@ushirika/contracts';
import EasyMDE from 'easymde';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editorOptions } from './editor-options.ts';
import { ImageDescriptionModal, imageAltText, type PendingImage } from './ImageDescriptionModal.tsx';
import { hasSpellChecker, whenDictionaryReady } from './spell-checker.ts';
import { editorTools, renderToolIcons } from './toolbar.tsx';

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
    const tools = editorTools(t, uploadImages);
    const editor: EasyMDE = new EasyMDE(
      editorOptions({
        element,
        initialValue: initialRef.current,
        autosaveId,
        uploadImages,
        language,
        t,
        tools,
        // The image goes in only once its description is given (its alt text, asked in a dialog).
        onUploaded: (file, url) => {
          const back = () => {
            setPendingImage(null);
            editor.codemirror.focus();
          };
          setPendingImage({
            fileName: file.name,
            insert: (description) => {
              back();
              editor.codemirror.replaceSelection(`![${imageAltText(description)}](${url})`);
              editor.updateStatusBar(
                'upload-image',
                t('editor.upload.uploaded').replace('#image_name#', file.name),
              );
            },
            drop: back,
          });
        },
      }),
    );

    const roots = renderToolIcons(editor, tools);
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
