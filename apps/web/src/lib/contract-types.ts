/** The parsed type of a contract schema, without the web app depending on zod directly. */
export type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;
