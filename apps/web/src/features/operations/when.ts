/** A moment as the reader's locale writes it. */
export const when = (iso: string) => new Date(iso).toLocaleString();
