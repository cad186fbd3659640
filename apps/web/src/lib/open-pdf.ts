import { apiResponse, type Query } from './api.ts';

/**
 * Opens a PDF of the API in a new tab for printing (receipts, delivery notes, warehouse
 * receipts). The tab is opened before the fetch, still inside the click, so a popup blocker lets
 * it through; without a tab the file downloads under `fileName`.
 */
export async function openPdf(path: string, fileName: string, query?: Query): Promise<void> {
  const tab = window.open('', '_blank');
  const response = await apiResponse(path, query ? { query } : {});
  const blob = new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
