/** Leaves the application for a page of the payment provider (a test records the address instead). */
export type OpenLocation = (url: string) => void;

export const openLocationInBrowser: OpenLocation = (url) => window.location.assign(url);
