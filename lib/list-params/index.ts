export * from './list-params';
export * from './page-window';
