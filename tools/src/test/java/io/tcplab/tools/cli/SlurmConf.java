package io.tcplab.tools.cli;

import java.nio.file.Path;

/** The slurm.conf of {@link SingleNodeSlurm}: one node, one partition, every file under one directory. */
final class SlurmConf {

    private SlurmConf() {
    }

    /**
     * @param dir    where the daemons keep their state, spool, pid and log files
     * @param munge  the socket of the test's own munged
     * @param node   the NodeName line: this machine as {@code slurmd -C} prints it
     * @param controllerPort slurmctld's port and
     * @param slurmdPort     slurmd's: free ones, so that a Slurm of the machine's own is never met
     */
    static String text(Path dir, Path munge, String node, String partition, int controllerPort, int slurmdPort) {
        return """
                ClusterName=tcplab-test
                SlurmctldHost=localhost(127.0.0.1)
                SlurmctldPort=%5$d
                SlurmdPort=%6$d
                SlurmUser=root
                AuthType=auth/munge
                AuthInfo=socket=%2$s
                CredType=cred/munge
                # No cgroups, accounting or MPI: plugins that need neither a daemon nor a kernel setup.
                ProctrackType=proctrack/linuxproc
                TaskPlugin=task/none
                JobAcctGatherType=jobacct_gather/none
                AccountingStorageType=accounting_storage/none
                MpiDefault=none
                SelectType=select/cons_tres
                SelectTypeParameters=CR_Core
                # Without slurmdbd, sacct has nothing to read: finished jobs go to this file instead.
                JobCompType=jobcomp/filetxt
                JobCompLoc=%1$s/jobcomp.log
                StateSaveLocation=%1$s/state
                SlurmdSpoolDir=%1$s/spool
                SlurmctldPidFile=%1$s/slurmctld.pid
                SlurmdPidFile=%1$s/slurmd.pid
                SlurmctldLogFile=%1$s/slurmctld.log
                SlurmdLogFile=%1$s/slurmd.log
                ReturnToService=2
                %3$s
                PartitionName=%4$s Nodes=ALL Default=YES MaxTime=INFINITE State=UP
                """.formatted(dir, munge, node, partition, controllerPort, slurmdPort);
    }
}
