/** The disputes feature's public face: other features import only from here. */
export { countWaitingDisputes, escalateDueDisputes } from './disputes-admin.service.ts';
