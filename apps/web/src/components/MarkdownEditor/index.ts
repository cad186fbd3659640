export { autosaveKey, clearAutosave, MarkdownEditor, type MarkdownEditorProps } from './MarkdownEditor.tsx';
export { MarkdownView } from './MarkdownView.tsx';
