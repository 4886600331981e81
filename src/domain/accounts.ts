// Which accounts are a linked bank (issue 29): accounts a statement import made are listed with
// the others, but link nothing, sync nothing and unlock no bank quest.

/** Whether an account comes from a linked bank rather than an imported statement. */
export const isLinkedAccount = (a: { source?: string | null }): boolean => a.source !== 'import';
