type LoadAreas = (areas: string[]) => Promise<void>;

let open: (load: LoadAreas) => void = () => undefined;
const opened = new Promise<LoadAreas>((resolve) => {
  open = resolve;
});

/**
 * A built chunk starts by waiting for its areas' texts through this global (vite-texts.ts). The
 * first screen's chunks are asked for while the entry is still starting (app/first-screen.ts), so
 * one may arrive before i18n runs: it waits here until i18n hands over its loader.
 */
(globalThis as { __areaTexts?: LoadAreas }).__areaTexts = (areas) => opened.then((load) => load(areas));

/** i18n's loader of areas in the language shown; the chunks that waited for it go on. */
export function openAreaTexts(load: LoadAreas): void {
  open(load);
}
