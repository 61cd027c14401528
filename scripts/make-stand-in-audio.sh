#!/bin/sh
# Makes the stand-in field recording for the Peru page: a spoken note (espeak-ng) over a soft
# drone and filtered noise, about 25 s, AAC in an MP4 container (.m4a), mono at 48 kbit/s.
# Run once by hand (needs Debian's ffmpeg and espeak-ng: apt-get install ffmpeg espeak-ng);
# the output is committed so builds and CI need neither tool.
set -eu
out="${1:-public/audio/peru-residency-field-recording.m4a}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

espeak-ng -v en -s 140 -p 40 -w "$tmp/voice.wav" \
  "This is a stand in recording for the Peru residency page. Imagine the river at dusk, insects in the trees, and a song carried across the water. The original field recording will replace this file."

ffmpeg -loglevel error -y \
  -f lavfi -i "sine=frequency=110:duration=25" \
  -f lavfi -i "sine=frequency=164.8:duration=25" \
  -f lavfi -i "anoisesrc=color=pink:amplitude=0.08:duration=25:seed=7" \
  -i "$tmp/voice.wav" \
  -filter_complex "[0]volume=0.05[a];[1]volume=0.03,tremolo=f=0.2:d=0.6[b];[2]lowpass=f=900,volume=0.6[c];[3]adelay=2000|2000,volume=1.4[v];[a][b][c][v]amix=inputs=4:duration=first:normalize=0,afade=t=in:d=2,afade=t=out:st=22:d=3[out]" \
  -map "[out]" -ac 1 -ar 44100 -c:a aac -b:a 48k -movflags +faststart "$out"

echo "wrote $out ($(wc -c < "$out") bytes)"
