/**
 * A laptop's condition: Excellent, Good or Fair. Kept apart from the product
 * contract so that pages which only list the options do not download zod.
 */
export const conditionTypes = ['Excellent', 'Good', 'Fair'] as const;
export type ConditionType = (typeof conditionTypes)[number];

export type ConditionDefinition = {
  /** One line, for the form and beside the grade on a laptop's page. */
  summary: string;
  cosmetic: string;
  function: string;
  /** The least battery health (% of design capacity) a laptop of this grade may have. */
  minBatteryHealth: number;
};

/**
 * What each grade promises, in the way Back Market publishes its grades: how the
 * laptop looks, that it works, and the battery capacity it keeps. A listing that gives
 * its battery health is refused under its grade's minimum (productSpecsSchema).
 */
export const conditionDefinitions: Record<ConditionType, ConditionDefinition> = {
  Excellent: {
    summary: 'Looks nearly new, works perfectly, battery at 85% or more.',
    cosmetic:
      'No scratches or marks you can see from 20 cm (8 in) away. The screen has no scratches, dead pixels or marks.',
    function:
      'Everything works: screen, keyboard, trackpad, ports, speakers, camera, Wi-Fi and Bluetooth.',
    minBatteryHealth: 85,
  },
  Good: {
    summary: 'Light signs of use, works perfectly, battery at 80% or more.',
    cosmetic:
      'Light scratches or small marks on the case; the screen may have fine scratches that are invisible when it is on.',
    function:
      'Everything works: screen, keyboard, trackpad, ports, speakers, camera, Wi-Fi and Bluetooth.',
    minBatteryHealth: 80,
  },
  Fair: {
    summary: 'Visible wear, works as described, battery at 70% or more.',
    cosmetic:
      'Visible scratches, scuffs or small dents on the case; light marks on the screen that do not hide what it shows.',
    function:
      'Everything works, except what the seller lists under known issues (for example a worn key or a weak speaker).',
    minBatteryHealth: 70,
  },
};
