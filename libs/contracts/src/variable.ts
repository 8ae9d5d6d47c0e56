import { z } from 'zod';

// Spec part 2 §3 "Variable (minimal)".
export interface VariableMinimalDto {
  id: number;
  label: string;
  unit: string | null;
  categoryId: number | null;
  clientReference: string;
  sampled?: boolean;
  totalRows?: number;
}

export const clientReferenceSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'client reference may hold letters, digits, "_", ".", ":" and "-" only');

// A measured variable declared by a data source (simulator, uploader, connector) by its client reference.
export const rawVariableDeclarationSchema = z.object({
  clientReference: clientReferenceSchema,
  name: z.string().min(1).max(200),
  unit: z.string().max(50).nullable(),
});
export type RawVariableDeclaration = z.infer<typeof rawVariableDeclarationSchema>;

export const rawVariableDeclareDtoSchema = z.object({
  variables: z.array(rawVariableDeclarationSchema).min(1).max(10_000),
  // false: only look the references up; the answer leaves out those that do not exist.
  createMissing: z.boolean().default(true),
});
export type RawVariableDeclareDto = z.infer<typeof rawVariableDeclareDtoSchema>;

export interface RawVariableDeclareResponseDto {
  variables: { id: number; clientReference: string }[];
}
