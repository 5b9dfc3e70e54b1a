/** Location search starts at 3 characters (section 5 of the specification). */
export const minLocationQueryLength = 3;
