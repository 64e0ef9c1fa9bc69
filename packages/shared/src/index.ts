// @reshelf/shared: what the web app and the server must agree on (data, rules, messages, types).
export * from './brand';
export * from './enums';
export * from './universities';
export * from './faculties';
export * from './constants';
export * from './messages';
export * from './format';
export * from './text';
export * from './isbn';
export * from './meetup';
export * from './reports';
export * from './packages';
export * from './share';
export * from './api-types';
export * from './schemas/index';
