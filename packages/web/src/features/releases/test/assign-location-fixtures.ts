import type { AssignLocation } from '@scr/domain';

/** Antwerp's Secure Pick-up terminal 1742 as the demo world has it (order 1). */
export const securePickupLocation: AssignLocation = {
  code: 'BEANR-ALFAPASS',
  labels: {
    en: 'Secure pick-up (alfaPass)',
    fr: 'Enlèvement sécurisé (alfaPass)',
    nl: 'Beveiligde ophaling (alfaPass)',
    de: 'Sichere Abholung (alfaPass)',
    it: 'Ritiro sicuro (alfaPass)',
  },
  order: 1,
  terminalCodes: ['1742'],
};

/** Terminal 869 handing out pincodes, unordered (999). */
export const pincodeLocation: AssignLocation = {
  code: 'PINCODE',
  labels: { en: 'Pincode', fr: 'Code PIN', nl: 'Pincode', de: 'PIN-Code', it: 'Codice PIN' },
  order: 999,
  terminalCodes: ['869'],
};
