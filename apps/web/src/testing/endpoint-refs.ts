import { expect } from 'vitest';

interface Named {
  method: string;
  path: string;
}

/** Each of the web's endpoint refs names the same method and path as the contract endpoint of its name. */
export function expectRefsMatchContracts(
  refs: Record<string, Named>,
  contracts: Record<string, Named>,
): void {
  for (const [name, ref] of Object.entries(refs)) {
    const contract = contracts[name];
    expect(contract, `no contract endpoint named ${name}`).toBeDefined();
    expect({ method: ref.method, path: ref.path }).toEqual({
      method: contract!.method,
      path: contract!.path,
    });
  }
}
