// Worker threads do not inherit the parent's module hooks on Node 20: register
// tsx here, then load the TypeScript thread body.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
