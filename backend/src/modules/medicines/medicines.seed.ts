import type { MedicinesRepository } from './medicines.repository.js';

/** Demo medicines: common German trade forms; a few are disabled to show the filter. */
export const DEMO_MEDICINES: { name: string; disabled?: boolean }[] = [
  { name: 'Ibuprofen 400 mg' },
  { name: 'Ibuprofen 600 mg' },
  { name: 'Paracetamol 500 mg' },
  { name: 'Metamizol 500 mg' },
  { name: 'Metformin 500 mg' },
  { name: 'Metformin 1000 mg' },
  { name: 'Pantoprazol 20 mg' },
  { name: 'Pantoprazol 40 mg' },
  { name: 'Omeprazol 20 mg' },
  { name: 'Ramipril 5 mg' },
  { name: 'Ramipril 10 mg' },
  { name: 'Amlodipin 5 mg' },
  { name: 'Bisoprolol 2,5 mg' },
  { name: 'Bisoprolol 5 mg' },
  { name: 'Metoprololsuccinat 47,5 mg' },
  { name: 'Candesartan 8 mg' },
  { name: 'Torasemid 10 mg' },
  { name: 'Hydrochlorothiazid 12,5 mg' },
  { name: 'Simvastatin 20 mg' },
  { name: 'Atorvastatin 20 mg' },
  { name: 'ASS 100 mg' },
  { name: 'Apixaban 5 mg' },
  { name: 'Rivaroxaban 20 mg' },
  { name: 'Phenprocoumon 3 mg', disabled: true },
  { name: 'L-Thyroxin 50 µg' },
  { name: 'L-Thyroxin 100 µg' },
  { name: 'Levodopa/Benserazid 100/25 mg' },
  { name: 'Donepezil 5 mg' },
  { name: 'Mirtazapin 15 mg' },
  { name: 'Citalopram 20 mg' },
  { name: 'Sertralin 50 mg' },
  { name: 'Quetiapin 25 mg' },
  { name: 'Risperidon 0,5 mg' },
  { name: 'Lorazepam 1 mg', disabled: true },
  { name: 'Zopiclon 7,5 mg', disabled: true },
  { name: 'Pregabalin 75 mg' },
  { name: 'Tilidin/Naloxon 50/4 mg' },
  { name: 'Fentanyl-Pflaster 25 µg/h' },
  { name: 'Movicol Beutel' },
  { name: 'Macrogol 13,7 g Pulver' },
  { name: 'Vitamin D3 1000 I.E.' },
  { name: 'Insulin glargin 100 E/ml Pen' },
  { name: 'Salbutamol Dosieraerosol', disabled: true },
  { name: 'Furosemid 40 mg' },
];

/** Seeds the demo medicines when the table is empty; answers how many were inserted. */
export async function seedMedicines(repo: MedicinesRepository): Promise<number> {
  if ((await repo.count()) > 0) return 0;
  for (const m of DEMO_MEDICINES) await repo.ensure(m.name, 'medicine', m.disabled ?? false);
  return DEMO_MEDICINES.length;
}
