// The mobile-money operators a payment may name: the login parameter `transaction_mobileOperators`
// (comma-separated, as the server reads it), or the server's defaults when it is not set.

export const OPERATORS_PARAM = 'transaction_mobileOperators';

export const DEFAULT_OPERATORS: readonly string[] = ['Orange Money', 'MTN MoMo', 'Moov Money', 'Wave'];

/** "Orange Money, Wave" -> the two operators; nothing listed gives the defaults. */
export function parseOperators(setting: string | null | undefined): string[] {
  const listed = (setting ?? '')
    .split(/[,;\n]/u)
    .map((operator) => operator.trim())
    .filter((operator) => operator !== '');
  return listed.length > 0 ? listed : [...DEFAULT_OPERATORS];
}

/** The select's choices: the operators, and the one a payment already names if the setting dropped it. */
export function operatorOptions(operators: readonly string[], current?: string | null) {
  const names =
    current && !operators.some((operator) => operator.toLowerCase() === current.toLowerCase())
      ? [...operators, current]
      : operators;
  return names.map((name) => ({ value: name, label: name }));
}
