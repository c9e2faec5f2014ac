"""Hears a recording with PocketSphinx 5 (PyPI `pocketsphinx`, its own US English model) for the
transcription job (crates/server/src/transcription.rs, which runs it with the Python of the
virtual environment scripts/setup.sh makes).

    python hear.py call.wav < vocabulary.json

call.wav: 16 kHz, 16-bit mono. On standard input, the account's vocabulary as JSON, a list of
[word, phones] ("zentrova", "Z EH N T R OW V AH"): a word the model's dictionary lacks is added to
the dictionary with its phones and to the language model as a word of its own, BOOST times as
likely as a word drawn at random from the model's (a word already in the dictionary keeps its
pronunciation). Writes, for each stretch of speech, a line a word (its first "<s>"),
"word start end 1" (seconds), as `pocketsphinx_continuous -time yes` does.
"""

import json
import sys
import wave

from pocketsphinx import Decoder, Segmenter

BOOST = 100.0


def main():
    vocabulary = json.load(sys.stdin)
    decoder = Decoder(loglevel="FATAL")
    new = [(word, phones) for word, phones in vocabulary if decoder.lookup_word(word) is None]
    for n, (word, phones) in enumerate(new):
        decoder.get_lm().add_word(word, BOOST)
        decoder.add_word(word, phones, n == len(new) - 1)
    frames_per_second = decoder.config["frate"]
    with wave.open(sys.argv[1], "rb") as audio:
        for speech in Segmenter(sample_rate=audio.getframerate()).segment(audio.getfp()):
            decoder.start_utt()
            decoder.process_raw(speech.pcm)
            decoder.end_utt()
            for segment in decoder.seg():
                start = speech.start_time + segment.start_frame / frames_per_second
                end = speech.start_time + segment.end_frame / frames_per_second
                print(f"{segment.word} {start:.3f} {end:.3f} 1")


if __name__ == "__main__":
    main()
