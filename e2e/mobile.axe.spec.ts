import { defineAxeSweep } from './support/axe-sweep.ts';

defineAxeSweep('375 px');
