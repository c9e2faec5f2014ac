import { apiDownload, apiFile } from '../../lib/api';

/** The recording's MP3, to play from memory (the player seeks in it). */
export function getRecording(url: string): Promise<Blob> {
  return apiFile(url.replace(/^\/api\//, ''));
}

/** The recording as the attachment the server names. */
export function downloadRecording(url: string) {
  return apiDownload(`${url.replace(/^\/api\//, '')}?download=1`);
}
