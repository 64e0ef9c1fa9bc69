// The payload schemas, one per body or query, shared by the React forms and the Fastify routes.
// The field builders stay internal; the error helpers are what routes and forms need.
export { fieldErrors, firstIssueMessage } from './common';
export * from './auth';
export * from './contact';
export * from './newsletter';
export * from './faculty';
export * from './listing';
export * from './order';
export * from './catalogue';
