#!/bin/sh
# Makes the Peru page's dusk recording: the river's wash, two insects in the trees and a song
# carried across the water, about 25 s, AAC in an MP4 container (.m4a), mono at 48 kbit/s.
# Run once by hand (needs Debian's ffmpeg: apt-get install ffmpeg); the output is committed so
# builds and CI need no ffmpeg.
set -eu
out="${1:-public/audio/peru-residency-field-recording.m4a}"

# The song: a falling and rising line of six held notes, sung far off (low, filtered, echoed).
notes="392:5 440:6.8 392:8.6 330:10.4 294:12.6 330:15"
inputs=""
filters=""
labels=""
i=0
for note in $notes; do
  frequency="${note%%:*}"
  start="${note##*:}"
  inputs="$inputs -f lavfi -i sine=frequency=$frequency:duration=1.9"
  delay=$(awk "BEGIN { print int($start * 1000) }")
  filters="$filters[$((i + 3))]vibrato=f=5:d=0.25,afade=t=in:d=0.35,afade=t=out:st=1.2:d=0.7,adelay=$delay,apad=whole_dur=25[n$i];"
  labels="$labels[n$i]"
  i=$((i + 1))
done

# shellcheck disable=SC2086
ffmpeg -loglevel error -y \
  -f lavfi -i "anoisesrc=color=brown:amplitude=0.5:duration=25:seed=11" \
  -f lavfi -i "sine=frequency=4300:duration=25" \
  -f lavfi -i "sine=frequency=5150:duration=25" \
  $inputs \
  -filter_complex "[0]lowpass=f=420,tremolo=f=0.12:d=0.5,volume=0.9[water];[1]tremolo=f=27:d=1,tremolo=f=0.4:d=0.9,volume=0.2[cicada];[2]tremolo=f=34:d=1,tremolo=f=0.23:d=0.95,volume=0.12[cricket];${filters}${labels}amix=inputs=$i:duration=longest:normalize=0,lowpass=f=1800,aecho=0.6:0.5:420:0.35,volume=1.2[song];[water][cicada][cricket][song]amix=inputs=4:duration=first:normalize=0,afade=t=in:d=2,afade=t=out:st=22:d=3[out]" \
  -map "[out]" -ac 1 -ar 44100 -c:a aac -b:a 48k -movflags +faststart "$out"

echo "wrote $out ($(wc -c < "$out") bytes)"
