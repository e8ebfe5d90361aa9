/** The ÜTS feature's public face: other features import only from here. */
export { recordShipmentUtsUnits } from './uts.service.ts';
export { isUtsTracked } from './uts.policy.ts';
