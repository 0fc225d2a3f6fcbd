#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the repository needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../servers/cli/main.ts');
