import { dynamicLigandFen, PROTOCOL_PRESETS, PROTOCOLS, protocolOf, type Protocol } from '@yunyao/modules/forms/dynamic';

/** The form's simulation settings: the spec's fields and the protocol they came from. */
export interface SimulationTimes {
  protocol: Protocol;
  btime: number;
  stime: number;
}

/** Choosing a preset fills its times; choosing custom keeps the times as they are, to edit. */
export function chooseProtocol<S extends SimulationTimes>(settings: S, protocol: Protocol): S {
  return protocol === 'custom' ? { ...settings, protocol } : { ...settings, protocol, ...PROTOCOL_PRESETS[protocol] };
}

/** Editing a time makes the settings custom, unless the times now are a preset's. */
export function editTime<S extends SimulationTimes>(settings: S, key: 'btime' | 'stime', value: number): S {
  const next = { ...settings, [key]: value };
  return { ...next, protocol: protocolOf(next) };
}

/**
 * Each protocol's price per ligand (yuan) for a typical complex, from the module's own estimate and
 * price (the one the hold is made from); custom prices the times as typed.
 */
export function protocolPrices(times: { btime: number; stime: number }): Record<Protocol, number> {
  return Object.fromEntries(PROTOCOLS.map((p) => [p, dynamicLigandFen(p === 'custom' ? times : PROTOCOL_PRESETS[p]) / 100])) as Record<Protocol, number>;
}
