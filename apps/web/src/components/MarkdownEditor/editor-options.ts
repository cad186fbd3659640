import { EDITOR, EDITOR_MESSAGES, type EditorErrorKey } from '@ushirika/contracts';
import type EasyMDE from 'easymde';
import type { TFunction } from 'i18next';
import { hydrateImages, renderMarkdown } from './markdown.ts';
import { loadEditorImage, uploadEditorImage } from './requests.ts';
import { hasSpellChecker, spellCheckerFor } from './spell-checker.ts';
import { type Tool, toolbarOf } from './toolbar.tsx';

export interface EditorSetup {
  element: HTMLTextAreaElement;
  initialValue: string;
  autosaveId: string;
  uploadImages: boolean;
  language: 'en' | 'sw';
  t: TFunction;
  tools: Tool[];
  /** An image the server took, to be placed once the user describes it. */
  onUploaded: (file: File, url: string) => void;
}

/**
 * EasyMDE's options as SPEC sets them: autosave, status items, tab size, height, image limits and
 * messages in the screen's language, the spell checker of that language, no Font Awesome download.
 */
export function editorOptions({
  element,
  initialValue,
  autosaveId,
  uploadImages,
  language,
  t,
  tools,
  onUploaded,
}: EditorSetup): EasyMDE.Options {
  const messages = Object.fromEntries(
    (Object.keys(EDITOR_MESSAGES) as EditorErrorKey[]).map((key) => [key, t(`editor.messages.${key}`)]),
  ) as Record<EditorErrorKey, string>;
  const spellStatus: EasyMDE.StatusBarItem = {
    className: 'spellcheck',
    defaultValue: (el) => {
      el.textContent = t(hasSpellChecker(language) ? 'editor.spellCheckOn' : 'editor.spellCheckOff');
    },
    onUpdate: () => {},
  };

  return {
    element,
    initialValue,
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
    toolbar: toolbarOf(tools),
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
    imageUploadFunction: (file, _onSuccess, onError) => {
      void uploadEditorImage(file).then((outcome) => {
        if (!('url' in outcome)) return onError(messages[outcome.error]);
        onUploaded(file, outcome.url);
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
  };
}
