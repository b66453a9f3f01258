export * from './boundaries';
export * from './chunker';
export * from './prompts';
