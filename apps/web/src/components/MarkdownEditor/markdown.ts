import { marked } from 'marked';

/**
 * Markdown to HTML for the editor's preview and for read-only views (circulars, notes). Raw HTML
 * in the text is shown as text, links keep only http(s), mailto and same-site addresses, and
 * images uploaded through the editor (/api/editor/images/..., signed-in users only) are written
 * without `src`: `hydrateImages` fetches them with the user's token and fills in a blob: URL.
 */
export const EDITOR_IMAGE_PREFIX = '/api/editor/images/';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;

/** Object URLs of images already fetched, by their path, for the life of the page. */
const loadedImages = new Map<string, string>();
const loadingImages = new Map<string, Promise<string | null>>();

/** The path of an editor image whatever origin was written before it. */
function editorImagePath(href: string): string | null {
  try {
    const url = new URL(href, window.location.origin);
    if (url.origin !== window.location.origin || !url.pathname.startsWith(EDITOR_IMAGE_PREFIX)) return null;
    return url.pathname;
  } catch {
    return null;
  }
}

const renderer = new marked.Renderer();
renderer.html = (html: string) => escapeHtml(html);
renderer.link = (href: string | null, title: string | null, text: string) => {
  if (!href || !SAFE_LINK.test(href)) return text;
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
  const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${escapeHtml(href)}"${titleAttr}${external}>${text}</a>`;
};
renderer.image = (href: string | null, title: string | null, text: string) => {
  const alt = escapeHtml(text);
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
  const own = href ? editorImagePath(href) : null;
  if (own) {
    const ready = loadedImages.get(own);
    return ready
      ? `<img src="${ready}" data-editor-image="${escapeHtml(own)}" alt="${alt}"${titleAttr}>`
      : `<img data-editor-image="${escapeHtml(own)}" alt="${alt}"${titleAttr}>`;
  }
  if (!href || !/^(https?:|data:image\/)/i.test(href)) return alt;
  return `<img src="${escapeHtml(href)}" alt="${alt}"${titleAttr}>`;
};

export function renderMarkdown(text: string): string {
  return marked.parse(text, { renderer, gfm: true, breaks: true, headerIds: false, mangle: false });
}

/**
 * Fills in the `src` of the editor images inside `root`, fetching each once with `load` (the
 * signed-in user's request). Images that fail keep their alt text.
 */
export async function hydrateImages(
  root: ParentNode,
  load: (path: string) => Promise<Blob | null>,
): Promise<void> {
  const images = [...root.querySelectorAll<HTMLImageElement>('img[data-editor-image]')].filter(
    (img) => !img.getAttribute('src'),
  );
  await Promise.all(
    images.map(async (img) => {
      const path = img.dataset.editorImage ?? '';
      let pending = loadingImages.get(path);
      if (!pending) {
        pending = load(path)
          .then((blob) => {
            if (!blob) return null;
            const url = URL.createObjectURL(blob);
            loadedImages.set(path, url);
            return url;
          })
          .catch(() => null)
          .finally(() => loadingImages.delete(path));
        loadingImages.set(path, pending);
      }
      const url = loadedImages.get(path) ?? (await pending);
      if (url) img.src = url;
    }),
  );
}
