/** A light alert's title in the body text colour: green and teal titles fall under 4.5:1. */
export const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
