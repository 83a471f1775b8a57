/** Access spec §9: the help drawer is 25vw wide (the page narrows beside it). */
export const helpDrawerWidth = { xs: '100vw', sm: '50vw', md: '25vw' };
