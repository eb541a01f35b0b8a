export * from './list-params';
export * from './page-window';
export * from './view-state';
