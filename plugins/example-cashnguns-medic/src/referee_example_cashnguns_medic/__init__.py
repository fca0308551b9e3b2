"""The Medic, an eleventh special power for Cash'n'Guns, written as a third party writes one."""
