import { describe, expect, it } from 'vitest';
import {
  ajvErrorPath,
  documentProblem,
  englishProblem,
  labelPathOf,
  schemaAt,
  schemaFieldPaths,
} from './document-problems.ts';
import { transportOrderSchema as schema } from './transport-order.ts';

describe("document body problems (issue 12 item 4: validation against the type's JSON Schema)", () => {
  it("finds a field's schema and label by its path, through array items", () => {
    expect(schemaAt(schema, 'containers.3.containerNumber')?.title).toBe('Container number');
    expect(schemaAt(schema, 'locations.pickUp')?.title).toBe('Pick-up location');
    expect(schemaAt(schema, 'nothing.here')).toBeUndefined();
    expect(labelPathOf('containers.3.containerNumber')).toBe('containers.containerNumber');
  });

  it('reads ajv errors as paths, with the missing or unknown property', () => {
    expect(ajvErrorPath({ instancePath: '', params: { missingProperty: 'reference' } })).toBe(
      'reference',
    );
    expect(
      ajvErrorPath({
        instancePath: '/containers/0',
        params: { missingProperty: 'containerNumber' },
      }),
    ).toBe('containers.0.containerNumber');
    expect(ajvErrorPath({ instancePath: '', params: { additionalProperty: 'colour' } })).toBe(
      'colour',
    );
    expect(ajvErrorPath({ instancePath: '/eta', params: { format: 'date' } })).toBe('eta');
  });

  it('names each problem with its bound, an empty text as required, a wrong number type as such', () => {
    expect(documentProblem(schema, 'reference', 'minLength')).toEqual({
      path: 'reference',
      labelPath: 'reference',
      problem: 'required',
    });
    expect(documentProblem(schema, 'remarks', 'maxLength')).toMatchObject({
      problem: 'maxLength',
      limit: 2000,
    });
    expect(documentProblem(schema, 'extraPickUpDays', 'type')).toMatchObject({
      problem: 'integer',
    });
    expect(documentProblem(schema, 'reeferTemperature', 'maximum')).toMatchObject({ limit: 40 });
    expect(documentProblem(schema, 'type', 'enum')).toMatchObject({ problem: 'enum' });
    expect(documentProblem(schema, 'eta', 'somethingNew')).toMatchObject({ problem: 'invalid' });
    expect(documentProblem(schema, '', 'if')).toBeNull();
  });

  it('says each problem in English for machine clients, the generic ones with the form templates (access spec §5)', () => {
    const problem = documentProblem(schema, 'containers.0.containerNumber', 'pattern')!;
    expect(englishProblem(schema, problem)).toBe('Container number is not in the expected format');
    expect(englishProblem(schema, documentProblem(schema, 'remarks', 'maxLength')!)).toBe(
      'Please enter no more than 2000 characters',
    );
    expect(englishProblem(schema, documentProblem(schema, 'reference', 'required')!)).toBe(
      'Please provide a Reference',
    );
  });

  it('lists every field path of a schema, nested ones included', () => {
    const paths = schemaFieldPaths(schema);
    expect(paths).toContain('reference');
    expect(paths).toContain('containers.containerNumber');
    expect(paths).toContain('locations.turnIn');
    expect(new Set(paths).size).toBe(paths.length);
  });
});
