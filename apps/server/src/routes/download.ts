/**
 * How long a presigned download URL works (object storage: the download routes redirect to one, so
 * the bytes go from the store to the client, not through the API). Long enough to start the
 * download after the redirect, short enough that a URL copied from the address bar soon lapses.
 */
export const DOWNLOAD_URL_TTL_S = 5 * 60;
