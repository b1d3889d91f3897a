export { appRouter, createCaller, type AppRouter } from './root.ts';
export { profileColumns } from './routers/profiles/me.ts';
export type { Context } from './context.ts';
export type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
export { postAttachment } from './routers/posts/attachment.ts';
export { ATTACHMENT_BUCKET } from './routers/posts/create.ts';
export { feedPage } from './routers/posts/list.ts';
export { chatAttachment } from './routers/chat/attachment.ts';
export { messagePage } from './routers/chat/list.ts';
