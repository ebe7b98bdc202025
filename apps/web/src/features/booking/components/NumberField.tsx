// Mantine's NumberInput (react-number-format) on its own, so the forms without a number field do not load it.
export { NumberInput } from '@mantine/core';
