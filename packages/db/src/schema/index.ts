export * from './profiles.ts';
export * from './communities.ts';
export * from './posts.ts';
export * from './chat.ts';
export * from './courses.ts';
export * from './events.ts';
export * from './feedback.ts';
export * from './partners.ts';
