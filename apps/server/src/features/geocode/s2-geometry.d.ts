/** The parts of s2-geometry (untyped) the geocoder uses: Hilbert quadkeys of S2 cells. */
declare module 's2-geometry' {
  interface LatLng {
    lat: number;
    lng: number;
  }
  const s2: {
    S2: {
      latLngToKey(lat: number, lng: number, level: number): string;
      latLngToNeighborKeys(lat: number, lng: number, level: number): string[];
      keyToLatLng(key: string): LatLng;
    };
  };
  export default s2;
}
