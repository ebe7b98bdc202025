import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { SearchProvider } from '@careslot/contracts';
import classes from './ResultsMap.module.css';

// A deployment may point the map at a tile server at build time; by default the US outlines from us-atlas
// are drawn with no network access at all (design.md §6).
const TILE_URL = (import.meta.env as Record<string, string | undefined>).VITE_MAP_TILE_URL;
const US_BOUNDS: L.LatLngBoundsExpression = [
  [24.4, -125],
  [49.5, -66.9],
];

export interface MapPin {
  provider: SearchProvider;
  label: string;
}

/** The results on a map: US state outlines (or tiles when configured) and one pin per provider's facility. */
export default function ResultsMap({ pins, title }: { pins: MapPin[]; title: string }) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { zoomSnap: 0.25, attributionControl: Boolean(TILE_URL) });
    let cancelled = false;
    if (TILE_URL) {
      L.tileLayer(TILE_URL, { maxZoom: 18 }).addTo(map);
    } else {
      map.getContainer().style.background = '#dcecf7';
      void import('us-atlas/states-10m.json').then((module) => {
        if (cancelled) return;
        const topology = module.default as unknown as Topology<{ states: GeometryCollection }>;
        L.geoJSON(feature(topology, topology.objects.states), {
          style: { color: '#7a8ca3', weight: 1, fillColor: '#f8fafc', fillOpacity: 1, className: 'us-state' },
          interactive: false,
        })
          .addTo(map)
          .bringToBack();
      });
    }
    const points: L.LatLng[] = [];
    for (const { provider, label } of pins) {
      const { latitude, longitude } = provider.location;
      if (latitude === null || longitude === null) continue;
      const point = L.latLng(latitude, longitude);
      points.push(point);
      L.circleMarker(point, {
        radius: 9,
        color: '#ffffff',
        weight: 2,
        fillColor: '#1c7ed6',
        fillOpacity: 0.95,
        className: 'provider-pin',
      })
        .bindTooltip(label)
        .bindPopup(
          `<strong>${escapeHtml(provider.display_name)}</strong><br>${escapeHtml(provider.location.name)}<br>${escapeHtml(provider.location.city)}, ${escapeHtml(provider.location.state)}`,
        )
        .addTo(map);
    }
    if (points.length > 0) map.fitBounds(L.latLngBounds(points).pad(0.4), { maxZoom: 11 });
    else map.fitBounds(US_BOUNDS);
    return () => {
      cancelled = true;
      map.remove();
    };
  }, [pins]);

  return (
    <div ref={element} className={classes.map} role="region" aria-label={title} data-testid="results-map" />
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
