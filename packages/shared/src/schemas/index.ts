// The payload schemas (one per body or query) and the answers' schemas, shared by the React forms, the Fastify
// routes and the OpenAPI document.
// The field builders stay internal; the error helpers are what routes and forms need.
export { fieldErrors, firstIssueMessage, type ValidationIssue } from './common';
export * from './auth';
export * from './account-roles';
export * from './contact';
export * from './newsletter';
export * from './faculty';
export * from './listing';
export * from './order';
export * from './catalogue';
export * from './new-prices';
export * from './wishlist';
export { pageOffset, pagingFields, pagingQuerySchema, type PagingQuery } from './pagination';
export * from './responses';
export * from './reports';
export * from './realtime';
export * from './verified-students';
export * from './profile';
