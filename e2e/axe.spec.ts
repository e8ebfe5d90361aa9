import { defineAxeSweep } from './support/axe-sweep.ts';

defineAxeSweep('desktop');
