// Text matching for the workbench helpers: a label exactly, whatever whitespace VS Code puts around it.
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (s: string): RegExp => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);
